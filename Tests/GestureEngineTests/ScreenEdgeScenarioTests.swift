import Testing

/// Section F, screen-edge pans (scenarios 58-60).
@Suite struct ScreenEdgeScenarioTests {
    @Test func f58_aTouchFarFromTheEdgeDoesNotStartAnEdgePan() {
        let lines = traceLines(sceneV + """
            edge-pan edge in V edges=left
            0.00 down 1 30 400
            0.05 move 1 80 400
            0.10 up 1
            """)
        #expect(!lines.contains { $0.contains("edge:") })
    }

    @Test func f59_withNoEdgesItNeverRecognizes() {
        let lines = traceLines(sceneV + """
            edge-pan edge in V
            0.00 down 1 2 400
            0.05 move 1 80 400
            0.10 up 1
            """)
        #expect(!lines.contains { $0.contains("edge:") })
    }

    @Test func f60_theRegionGetsNoBeganUnlessTheEdgePanFails() {
        expectTrace(sceneV + """
            edge-pan edge in V edges=left
            show edge edge translation
            0.00 down 1 5 400
            0.02 move 1 25 400
            0.04 move 1 45 400
            0.06 up 1
            """, """
            0.020 edge: began edge=left translation=(5,0)
            0.040 edge: changed edge=left translation=(25,0)
            0.060 edge: ended edge=left translation=(25,0)
            """)
        expectTrace(sceneV + """
            edge-pan edge in V edges=left
            0.00 down 1 100 400
            0.02 move 1 125 400
            0.06 up 1
            """, """
            0.020 V: touch 1 began
            0.060 V: touch 1 ended
            """)
    }

    @Test func theStartPointIsProjectedBackAlongAFastFinger() {
        // First seen 16 pt from the left edge (outside the 13 pt band) but moving left-to-right at
        // 1200 pt/s: one 60 Hz frame earlier it was at the edge.
        let lines = traceLines(sceneV + """
            edge-pan edge in V edges=left
            show edge edge
            0.000 down 1 16 400
            0.008 move 1 26 400
            0.016 move 1 36 400
            0.030 up 1
            """)
        #expect(lines.contains("0.016 edge: began edge=left"))
    }

    @Test func undecidedAfterAQuarterSecondItFails() {
        expectTrace(sceneV + """
            edge-pan edge in V edges=right
            0.00 down 1 398 400
            0.30 move 1 300 400
            0.40 up 1
            """, """
            0.250 V: touch 1 began
            0.300 V: touch 1 moved
            0.400 V: touch 1 ended
            """)
    }
}
