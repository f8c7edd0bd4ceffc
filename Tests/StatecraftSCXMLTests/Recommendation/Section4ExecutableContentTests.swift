import StatecraftSCXML
import Testing

/// SCXML 1.0, section 4 (executable content): raise, if/elseif/else, foreach, log, and errors
/// inside a block.
@Suite("Recommendation 4: executable content")
struct Section4ExecutableContentTests {
    // MARK: 4.2 <raise>

    @Test("4.2: a raised event goes to the rear of the internal queue, as an internal event")
    func raiseGoesToTheRear() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><raise event="one"/><raise event="two"/></onentry>
              <transition event="one" target="b"><log expr="_event.type"/></transition>
              <transition event="two" target="wrong"/>
            </state>
            <state id="b"><transition event="two" target="c"/></state>
            <state id="c"/><state id="wrong"/>
            """)
        #expect(run.active == ["c"])
        #expect(run.log == ["internal"])
    }

    @Test("4.2: <raise> needs 'event' and has no children")
    func raiseContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <raise/>
            </onentry></state>
            """, "<raise> needs the attribute 'event'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <raise event="e"><log expr="1"/></raise>
            </onentry></state>
            """, "<raise> has no children", line: 3, column: 1)
    }

    // MARK: 4.3 <if>, 4.4 <elseif>, 4.5 <else>

    @Test("4.3: <if> runs the first partition whose condition is true, else <else>, else nothing")
    func ifPartitions() throws {
        func outcome(_ x: Int, withElse: Bool = true) throws -> [String] {
            try Recommendation.run("""
                <datamodel><data id="x" expr="\(x)"/></datamodel>
                <state id="a"><onentry>
                  <if cond="x == 1"><log expr="'one'"/><log expr="'one again'"/>
                  <elseif cond="x &gt; 0"/><log expr="'positive'"/>
                  <elseif cond="x == 2"/><log expr="'two'"/>
                  \(withElse ? "<else/><log expr=\"'other'\"/>" : "")
                  </if>
                  <log expr="'after'"/>
                </onentry></state>
                """).log
        }
        #expect(try outcome(1) == ["one", "one again", "after"])
        #expect(try outcome(2) == ["positive", "after"])
        #expect(try outcome(-1) == ["other", "after"])
        #expect(try outcome(-1, withElse: false) == ["after"])
    }

    @Test("4.3: a condition that cannot be evaluated counts as false and raises error.execution")
    func ifConditionError() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry>
                <if cond="nosuch.member"><log expr="'then'"/><else/><log expr="'else'"/></if>
              </onentry>
              <transition event="error.execution" target="b"/>
            </state>
            <state id="b"/>
            """)
        #expect(run.log == ["else"])
        #expect(run.active == ["b"])
    }

    @Test("4.3: <if> and <elseif> need 'cond'; <else> comes once and last")
    func ifContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <if><log expr="1"/></if>
            </onentry></state>
            """, "<if> needs the attribute 'cond'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry><if cond="true">
            <elseif/>
            </if></onentry></state>
            """, "<elseif> needs the attribute 'cond'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry><if cond="true"><else/>
            <elseif cond="true"/>
            </if></onentry></state>
            """, "<elseif> after <else>", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry><if cond="true"><else/>
            <else/>
            </if></onentry></state>
            """, "more than one <else>", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <else/>
            </onentry></state>
            """, "<else> is not executable content", line: 3, column: 1)
    }

    // MARK: 4.6 <foreach>

    @Test("4.6: <foreach> assigns each item in order, with its index, then runs its content")
    func foreachOrder() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="list" expr="['a', 'b', 'c']"/></datamodel>
            <state id="s"><onentry>
              <foreach array="list" item="item" index="i"><log expr="i + ':' + item"/></foreach>
              <log expr="item + ' ' + i"/>
            </onentry></state>
            """)
        #expect(run.log == ["0:a", "1:b", "2:c", "c 2"])
    }

    @Test("4.6: <foreach> declares 'item' and 'index' when they are not declared, and reuses them when they are")
    func foreachDeclares() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="item" expr="'before'"/></datamodel>
            <state id="s"><onentry>
              <foreach array="[1, 2]" item="item" index="position"/>
              <log expr="item + ',' + position"/>
            </onentry></state>
            """)
        #expect(run.log == ["2,1"])
    }

    @Test("4.6: changing the array inside <foreach> does not change the iteration")
    func foreachShallowCopy() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="list" expr="[1, 2]"/></datamodel>
            <state id="s"><onentry>
              <foreach array="list" item="x"><assign location="list" expr="concat(list, [x])"/><log expr="x"/></foreach>
              <log expr="length(list)"/>
            </onentry></state>
            """)
        #expect(run.log == ["1", "2", "4"])
    }

    @Test("4.6: an array that is not iterable, or an item that is no variable name, stops the block with error.execution")
    func foreachIllegalArray() throws {
        for (array, item) in [("5", "x"), ("[1]", "1bad")] {
            let run = try Recommendation.run("""
                <state id="s">
                  <onentry><foreach array="\(array)" item="\(item)"><log expr="'body'"/></foreach><log expr="'after'"/></onentry>
                  <transition event="error.execution" target="t"/>
                </state>
                <state id="t"/>
                """)
            #expect(run.log.isEmpty, "array \(array), item \(item)")
            #expect(run.active == ["t"], "array \(array), item \(item)")
        }
    }

    @Test("4.6: an error in the content of <foreach> stops the foreach and its block")
    func foreachBodyError() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry>
                <foreach array="[1, 2, 3]" item="x"><log expr="x"/><assign location="nowhere" expr="x"/></foreach>
                <log expr="'after'"/>
              </onentry>
              <transition event="error.execution" target="t"/>
            </state>
            <state id="t"/>
            """)
        #expect(run.log == ["1"])
        #expect(run.active == ["t"])
    }

    @Test("4.6: <foreach> needs 'array' and 'item'")
    func foreachContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <foreach item="x"/>
            </onentry></state>
            """, "<foreach> needs the attribute 'array'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <foreach array="[1]"/>
            </onentry></state>
            """, "<foreach> needs the attribute 'item'", line: 3, column: 1)
    }

    // MARK: 4.7 <log>

    @Test("4.7: <log> reports its label and the value of its expression")
    func logOutput() throws {
        let run = try Recommendation.run("""
            <state id="a"><onentry><log label="sum" expr="1 + 2"/><log label="only"/></onentry></state>
            """)
        #expect(run.log == ["sum:3", "only:"])
    }

    @Test("4.7: <log> takes 'label' and 'expr' and no children")
    func logContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <log level="1"/>
            </onentry></state>
            """, "no attribute 'level'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <log expr="1"><raise event="e"/></log>
            </onentry></state>
            """, "<log> has no children", line: 3, column: 1)
    }

    // MARK: 4.9 Evaluation of executable content

    @Test("4.9: the elements of a block run in document order; an error stops the rest of the block")
    func blockStopsAtError() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="x" expr="0"/></datamodel>
            <state id="a">
              <onentry>
                <assign location="x" expr="1"/>
                <log expr="x"/>
                <assign location="x" expr="undefinedName"/>
                <log expr="'not reached'"/>
              </onentry>
              <onentry><log expr="'next block ' + x"/></onentry>
              <transition event="error.execution" target="b"><log expr="_event.type"/></transition>
            </state>
            <state id="b"/>
            """)
        #expect(run.log == ["1", "next block 1", "platform"])
        #expect(run.active == ["b"])
    }

    @Test("4.9: an element of another namespace in executable content is an extension and is skipped")
    func foreignElementsAreSkipped() throws {
        let run = try Recommendation.run("""
            <state id="a"><onentry><x:beep xmlns:x="urn:example"/><log expr="'after'"/></onentry></state>
            """)
        #expect(run.log == ["after"])
        expectRefused("""
            <state id="a"><onentry>
            <beep/>
            </onentry></state>
            """, "<beep> is not executable content", line: 3, column: 1)
    }
}
